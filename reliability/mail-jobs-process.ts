import { roomTakenJob } from '../src/server/conversations/room-taken-job.ts'
import { runPausableJobs } from '../src/server/test/pausable-job-process.ts'
import { viewingMailJob } from '../src/server/viewings/viewing-mail-job.ts'

// A process that works the room-taken notices and the viewings' mails, for mail-jobs-kill.test.ts to kill -9
// mid-run (PAUSE: see src/server/test/pausable-job-process.ts).
const config = { baseUrl: 'http://localhost:3000' }
await runPausableJobs((mailer) => [roomTakenJob(mailer, config), viewingMailJob(mailer, config)])
