/** Query keys of the document check, per signed-in viewer so one person's checks never show to the next. */
export const checkKeys = {
  all: ['checks'] as const,
  list: (viewer: string | null) => ['checks', viewer, 'list'] as const,
  detail: (viewer: string | null, id: string) => ['checks', viewer, 'detail', id] as const,
  content: (viewer: string | null, id: string) => ['checks', viewer, 'content', id] as const,
};

/** The API paths of `/api/checks`. */
export const checkEndpoints = {
  list: '/checks',
  detail: (id: string) => `/checks/${encodeURIComponent(id)}`,
  content: (id: string) => `/checks/${encodeURIComponent(id)}/content`,
  finding: (id: string, findingId: string) => `/checks/${encodeURIComponent(id)}/findings/${encodeURIComponent(findingId)}`,
  report: (id: string) => `/checks/${encodeURIComponent(id)}/report.docx`,
};
