import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { knowledgeMaterials } from '../knowledge/tables';
import { podcasts } from '../podcasts/tables';

/** Whether any podcast or knowledge material still points at a URL. */
export async function isReferenced(db: Db, url: string): Promise<boolean> {
  const [podcast] = await db
    .select({ one: sql<number>`1` })
    .from(podcasts)
    .where(or(eq(podcasts.imageUrl, url), eq(podcasts.audioUrl, url)))
    .limit(1);
  if (podcast) return true;
  const [material] = await db
    .select({ one: sql<number>`1` })
    .from(knowledgeMaterials)
    .where(or(eq(knowledgeMaterials.imageUrl, url), eq(knowledgeMaterials.fileUrl, url)))
    .limit(1);
  return Boolean(material);
}
