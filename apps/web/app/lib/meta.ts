import { SITE_NAME } from '@app/shared/site';
import type { MetaDescriptor } from 'react-router';

/** SPEC §9: meta descriptions are cut at 300 characters. */
export const DESCRIPTION_MAX = 300;

export interface PageMetaInput {
  title: string;
  description: string;
  path: string;
  siteUrl: string;
  noindex?: boolean;
  jsonLd?: object[];
}

export function cutDescription(text: string): string {
  if (text.length <= DESCRIPTION_MAX) return text;
  return `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
}

export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const title = input.path === '/' ? input.title : `${input.title} | ${SITE_NAME}`;
  const description = cutDescription(input.description);
  const url = `${input.siteUrl}${input.path}`;
  const meta: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { name: 'robots', content: input.noindex ? 'noindex,follow' : 'index,follow' },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
  ];
  for (const data of input.jsonLd ?? []) meta.push({ 'script:ld+json': data });
  return meta;
}

interface RootData {
  siteUrl: string;
}

export function siteUrlFrom(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): string {
  const root = matches.find((m) => m?.id === 'root')?.data as RootData | undefined;
  return root?.siteUrl ?? '';
}
