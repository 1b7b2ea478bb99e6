import { describe, expect, test } from 'vitest'
import { withFirstPaint } from './page-html.ts'

const index =
  '<!doctype html>\n<html>\n  <head>\n    <title>Nestmate</title>\n    <script type="module" crossorigin src="/assets/index-e1.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/home-h1.js">\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n'

describe('index.html with a prerendered first paint', () => {
  test('markup holding $& and $’ is inserted as it is, not read as a replacement pattern', () => {
    const markup = `<p>Rent $&amp; bills: $& $' $\` $$ $1</p>`
    const head = `<title>Nestmate | $& and $'</title>`
    const html = withFirstPaint(index, { head, markup })
    expect(html).toContain(`<div id="root">${markup}</div>`)
    expect(html).toContain(head)
    expect(html.match(/<div id="root"/g)).toHaveLength(1)
    expect(html).not.toContain('<title>Nestmate</title>')
  })

  test('the module script and its preloads make way for start-app.js, which keeps their addresses', () => {
    const html = withFirstPaint(index, { head: '<title>Nestmate | Home</title>', markup: '<main></main>' })
    expect(html).not.toContain('<script type="module"')
    expect(html).not.toContain('rel="modulepreload"')
    expect(html).toContain(
      '<script src="/start-app.js" defer data-entry="/assets/index-e1.js" data-preload="/assets/home-h1.js"></script>',
    )
  })

  test('a page with early cards gets their templates after #root and their script before start-app.js', () => {
    const templates = '<template id="early-browse"><ul data-cards></ul></template>'
    const html = withFirstPaint(index, {
      head: '<title>Nestmate | Browse</title>',
      markup: '<main></main>',
      templates,
    })
    expect(html).toContain(`<div id="root"><main></main></div>${templates}`)
    expect(html.indexOf('<script src="/early-cards.js" defer></script>')).toBeGreaterThan(-1)
    expect(html.indexOf('/early-cards.js')).toBeLessThan(html.indexOf('/start-app.js'))
    expect(withFirstPaint(index, { head: '<title>x</title>', markup: '' })).not.toContain('early-cards')
  })
})
