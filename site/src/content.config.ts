/**
 * Content of the public site, edited like documentation:
 *   wiki       site/src/content/wiki/*.md       one file per wiki section; the file name is its URL fragment (/wiki#<name>)
 *   changelog  site/src/content/changelog/*.md  one file per version; shown newest first
 *   features   site/src/content/features.yaml   the landing page's feature cards
 */
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';

const wiki = defineCollection({
  loader: glob({ pattern: '*.md', base: './site/src/content/wiki' }),
  schema: z.object({
    title: z.string(),
    /** Position in the section list (1 = first). */
    order: z.number().int(),
    /** One line under the title and in search results. */
    summary: z.string(),
    /** Generated content shown after the text: `item-catalogue` lists every item from api/contract/items.ts. */
    appendix: z.enum(['item-catalogue', 'recipe-book']).optional(),
  }),
});

const CHANGE_TYPES = ['Initial Release', 'Release', 'Major Update'] as const;

const changelog = defineCollection({
  loader: glob({ pattern: '*.md', base: './site/src/content/changelog' }),
  schema: z.object({
    version: z.string().regex(/^\d+\.\d+\.\d+$/, 'version is MAJOR.MINOR.PATCH without the v'),
    date: z.coerce.date(),
    type: z.enum(CHANGE_TYPES),
    title: z.string(),
  }),
});

const features = defineCollection({
  loader: file('./site/src/content/features.yaml'),
  schema: z.object({
    order: z.number().int(),
    icon: z.enum(['settlement', 'multiplayer', 'building', 'scavenging', 'npc', 'radio', 'equipment', 'raids', 'crafting']),
    title: z.string(),
    body: z.string(),
    details: z.array(z.string()).default([]),
  }),
});

export const collections = { wiki, changelog, features };
