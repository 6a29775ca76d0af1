import { testEngines } from '@app/db/testing';
import { NEWS_CATEGORIES, NEWS_IMPACTS, type NewsResponse } from '@app/shared/news';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test-app.ts';
import { SAMPLE_NEWS } from './news.sample.ts';

const ids = (body: NewsResponse) => body.items.map((item) => item.id);

describe.each(testEngines())('GET /api/news on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function news(query = ''): Promise<NewsResponse> {
    const res = await t.app.inject(`/api/news${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<NewsResponse>();
  }

  it('serves every sample article, labelled as sample, newest first', async () => {
    const body = await news();
    expect(body.source).toBe('sample');
    expect(body.items).toHaveLength(SAMPLE_NEWS.length);
    const dates = body.items.map((item) => item.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('bundles at least 24 articles covering every category and every impact level', async () => {
    const { items } = await news();
    expect(items.length).toBeGreaterThanOrEqual(24);
    expect(new Set(items.map((item) => item.category))).toEqual(new Set(NEWS_CATEGORIES));
    expect(new Set(items.map((item) => item.impact))).toEqual(new Set(NEWS_IMPACTS));
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    for (const category of NEWS_CATEGORIES) {
      expect(new Set(items.filter((i) => i.category === category).map((i) => i.impact)).size).toBeGreaterThan(1);
    }
  });

  it('searches titles case-insensitively', async () => {
    const body = await news('?q=CHIPMAKER');
    expect(body.items.length).toBeGreaterThan(0);
    for (const item of body.items) expect(`${item.title} ${item.summary}`.toLowerCase()).toContain('chipmaker');
    expect(body.items.some((item) => item.title.toLowerCase().includes('chipmaker'))).toBe(true);
  });

  it('searches summaries too: a phrase found only in a summary finds that article', async () => {
    const onlyInSummary = SAMPLE_NEWS.find((item) => item.summary.includes('blast furnaces'));
    expect(onlyInSummary?.title).not.toContain('blast furnaces');
    expect(ids(await news('?q=Blast%20Furnaces'))).toEqual([onlyInSummary?.id]);
  });

  it('combines the search with the category', async () => {
    const all = await news('?q=rate');
    const policy = await news('?q=rate&category=Policy');
    expect(policy.items.length).toBeGreaterThan(0);
    expect(policy.items.length).toBeLessThan(all.items.length);
    expect(policy.items.every((item) => item.category === 'Policy')).toBe(true);
    expect(ids(policy)).toEqual(ids(all).filter((id) => all.items.find((i) => i.id === id)?.category === 'Policy'));
  });

  it('filters by each category on its own', async () => {
    for (const category of NEWS_CATEGORIES) {
      const body = await news(`?category=${category}`);
      expect(body.items.length).toBe(SAMPLE_NEWS.filter((item) => item.category === category).length);
      expect(body.items.every((item) => item.category === category)).toBe(true);
    }
  });

  it('answers an empty list when nothing matches, and treats blank search as no search', async () => {
    expect((await news('?q=zzqqxx-no-such-words')).items).toEqual([]);
    expect((await news('?q=%20%20')).items).toHaveLength(SAMPLE_NEWS.length);
  });

  it('refuses an unknown category and an over-long search with a 400 naming the field', async () => {
    const bad = await t.app.inject('/api/news?category=Sports');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect(bad.json().error).toContain("'category'");
    const long = await t.app.inject(`/api/news?q=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toContain("'q'");
  });

  it('is listed in the OpenAPI document with its query parameters', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    const op = doc.paths['/api/news'].get;
    expect(op.tags).toEqual(['news']);
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['category', 'q']);
  });
});
