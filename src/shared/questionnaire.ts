// The living questionnaire, without the schema library: the details and browse pages word match reasons from it
// without loading zod. A question's answers are ordered (earliest bedtime first, quietest first, …); their order,
// the questions' and the interests' are the stored masks' bit positions (src/server/db/profile-codes.ts). Adding
// one at the end of its list keeps them; moving, removing or inserting one means re-encoding every stored profile's
// masks from its answers, which are kept by id, in the same release. QUESTIONNAIRE_VERSION is stored with each
// profile as the questionnaire it answered; nothing reads it (docs/decisions/024-match-in-the-database.md).

export const QUESTIONNAIRE_VERSION = 1

export type Answer = {
  id: string
  /** What the person picks, in the first person's questionnaire. */
  label: string
  /** The same answer said about a housemate, for match reasons: "They go to bed before 10 pm". */
  they: string
}
export type Question = { id: string; text: string; answers: readonly Answer[] }

export const QUESTIONS = [
  {
    id: 'bedtime',
    text: 'When do you usually go to bed?',
    answers: [
      { id: 'early', label: 'Before 10 pm', they: 'They go to bed before 10 pm' },
      { id: 'late', label: '10 pm to midnight', they: 'They go to bed between 10 pm and midnight' },
      { id: 'night_owl', label: 'After midnight', they: 'They go to bed after midnight' },
    ],
  },
  {
    id: 'tidiness',
    text: 'How tidy do you keep shared spaces?',
    answers: [
      { id: 'spotless', label: 'Spotless', they: 'They keep shared spaces spotless' },
      { id: 'tidy', label: 'Tidy enough', they: 'They keep shared spaces tidy enough' },
      { id: 'relaxed', label: 'Relaxed about mess', they: "They're relaxed about mess" },
    ],
  },
  {
    id: 'liveliness',
    text: 'How lively do you like home to be?',
    answers: [
      { id: 'quiet', label: 'Quiet', they: 'They like a quiet home' },
      { id: 'some', label: 'Some chatter and music', they: 'They like some chatter and music at home' },
      { id: 'lively', label: 'Lively, often busy', they: 'They like a lively, busy home' },
    ],
  },
  {
    id: 'guests',
    text: 'How often do you have guests over?',
    answers: [
      { id: 'rarely', label: 'Rarely', they: 'They rarely have guests over' },
      { id: 'monthly', label: 'A few times a month', they: 'They have guests a few times a month' },
      { id: 'weekly', label: 'Every week', they: 'They have guests every week' },
      { id: 'daily', label: 'Most days', they: 'They have guests most days' },
    ],
  },
  {
    id: 'smoking',
    text: 'Do you smoke?',
    answers: [
      { id: 'no', label: 'No', they: "They don't smoke" },
      { id: 'outside', label: 'Outside only', they: 'They smoke outside' },
      { id: 'inside', label: 'Yes, indoors too', they: 'They smoke indoors too' },
    ],
  },
  {
    id: 'pets',
    text: 'Do you live with pets?',
    answers: [
      { id: 'none', label: 'No pets', they: "They don't have pets" },
      { id: 'small', label: 'A small pet (fish, hamster…)', they: 'They have a small pet' },
      { id: 'cat_dog', label: 'A cat or a dog', they: 'They have a cat or a dog' },
    ],
  },
  {
    id: 'home_working',
    text: 'How often do you work from home?',
    answers: [
      { id: 'rarely', label: 'Rarely', they: 'They rarely work from home' },
      { id: 'some_days', label: 'A few days a week', they: 'They work from home a few days a week' },
      { id: 'every_day', label: 'Every day', they: 'They work from home every day' },
    ],
  },
  {
    id: 'sharing',
    text: 'How do you feel about sharing food and household items?',
    answers: [
      { id: 'separate', label: 'Keep things separate', they: 'They keep food and things separate' },
      { id: 'basics', label: 'Share the basics', they: 'They share the basics' },
      { id: 'most', label: 'Share most things', they: 'They share most things' },
    ],
  },
] as const satisfies readonly Question[]

export type QuestionId = (typeof QUESTIONS)[number]['id']

/** How much a question matters, and its weight in the match (the classic weighted-questionnaire scheme). */
export const IMPORTANCES = ['irrelevant', 'a_little', 'somewhat', 'very', 'dealbreaker'] as const
export type Importance = (typeof IMPORTANCES)[number]
export const WEIGHTS: Record<Importance, number> = {
  irrelevant: 0,
  a_little: 1,
  somewhat: 10,
  very: 50,
  dealbreaker: 250,
}
/**
 * What a wish the other side's answer meets weighs in the match, whatever its importance: the form's default
 * (somewhat). A met wish's own importance would be read off the score by whoever meets it (docs/decisions/074).
 */
export const MET_WEIGHT = WEIGHTS.somewhat
export const IMPORTANCE_LABELS: Record<Importance, string> = {
  irrelevant: "Doesn't matter",
  a_little: 'A little',
  somewhat: 'Somewhat',
  very: 'Very',
  dealbreaker: 'Dealbreaker',
}

export const INTERESTS = [
  'cooking',
  'baking',
  'hiking',
  'running',
  'cycling',
  'climbing',
  'yoga',
  'gym',
  'swimming',
  'football',
  'gaming',
  'board games',
  'music',
  'playing music',
  'concerts',
  'dancing',
  'films',
  'series',
  'reading',
  'writing',
  'art',
  'photography',
  'gardening',
  'travel',
  'languages',
  'volunteering',
  'tech',
  'fashion',
  'meditation',
  'nightlife',
] as const
export type Interest = (typeof INTERESTS)[number]
export const MAX_INTERESTS = 8

/**
 * How many times a day a person's own answers and interests may change (what they accept and how much it matters,
 * any time): each change lets them see how posters take one more answer (docs/decisions/041).
 */
export const PROFILE_CHANGES_PER_DAY = 3

/** Fewer questions in common than this, and there is no score. */
export const MIN_COMMON_QUESTIONS = 3

export const questionById = (id: string): Question | undefined => QUESTIONS.find((q) => q.id === id)
