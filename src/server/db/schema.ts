/** Every table, gathered for Drizzle; each module owns the tables in its own tables.ts. */
export * from '../modules/auth/tables';
export * from '../modules/profiles/tables';
export * from '../modules/roles/tables';
export * from '../modules/access/tables';
export * from '../modules/standards/tables';
export * from '../modules/assistant/tables';
export * from '../modules/categories/tables';
export * from '../modules/podcasts/tables';
export * from '../modules/knowledge/tables';
export * from '../modules/leads/tables';
export * from '../modules/vitals/tables';
export * from '../modules/forum/tables';
export * from '../modules/checks/tables';
export * from '../modules/follows/tables';
export * from '../modules/notices/tables';
export * from '../modules/exports/tables';
