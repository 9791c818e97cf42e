import { describe, expect, it } from 'vitest';
import { seedQueryCache } from './page-data';
import { fillTemplate } from './page-document';
import { createQueryClient } from './providers';

const TEMPLATE =
  '<html><head>\n    <title>Trackside</title>\n    <meta name="description" content="x" /></head><body><div id="root"></div><script type="module" src="/a.js"></script></body></html>';

const page = { html: '<main>Library</main>', title: 'Podcast Library | Trackside', description: 'Podcasts & more', noindex: false, preload: [] };

describe('fillTemplate', () => {
  it('puts the title, description and markup in the built index.html', () => {
    const html = fillTemplate(TEMPLATE, page);
    expect(html).toContain('<title>Podcast Library | Trackside</title>');
    expect(html).toContain('<meta name="description" content="Podcasts &amp; more" />');
    expect(html).not.toContain('<title>Trackside</title>');
    expect(html).toContain('<div id="root"><main>Library</main></div><script type="module"');
  });

  it('keeps `$` sequences in the title and the markup as they are (not as replacement patterns)', () => {
    const html = fillTemplate(TEMPLATE, { ...page, title: "$' and $& | Trackside", html: "<p>$' and $& cost $5</p>" });
    expect(html).toContain("<title>$' and $&amp; | Trackside</title>");
    expect(html).toContain('<div id="root"><p>$\' and $& cost $5</p></div>');
  });

  it('carries the data a page was rendered with, unable to close its script element', () => {
    const data = [{ queryKey: ['podcasts', 'list'], data: [{ title: '</script><script>alert(1)</script><!--' }] }];
    const html = fillTemplate(TEMPLATE, { ...page, data });
    const scripts = html.match(/<script type="application\/json" id="page-data">(.*?)<\/script>/);
    expect(scripts?.[1]).not.toContain('<');

    // The browser side reads back exactly what was rendered.
    document.body.innerHTML = html.slice(html.indexOf('<body>') + '<body>'.length, html.indexOf('</body>'));
    const client = createQueryClient();
    seedQueryCache(client, document);
    expect(client.getQueryData(['podcasts', 'list'])).toEqual(data[0]?.data);
  });

  it.each([
    ['unreadable data', '<script type="application/json" id="page-data">{"queryKey": [</script>'],
    ['data that is not a list', '<script type="application/json" id="page-data">{"queryKey": ["podcasts"]}</script>'],
    ['an element of the content with the same id', '<p id="page-data">[{"queryKey":["podcasts","list"],"data":[]}]</p>'],
  ])('ignores %s', (_case, markup) => {
    document.body.innerHTML = markup;
    const client = createQueryClient();
    seedQueryCache(client, document);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });

  it('leaves the query cache empty for a page that carries no data', () => {
    document.body.innerHTML = fillTemplate(TEMPLATE, page);
    const client = createQueryClient();
    seedQueryCache(client, document);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });

  it('asks for the reads of a page served without its data at once', () => {
    const html = fillTemplate(TEMPLATE, { ...page, preload: ['/api/podcasts'] });
    expect(html).toContain('<link rel="preload" href="/api/podcasts" as="fetch" crossorigin="anonymous" />');
  });
});
