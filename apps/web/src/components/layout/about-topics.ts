export const ABOUT_TOPICS = ['about', 'terms', 'responsible', 'contact'] as const;
export type AboutTopic = (typeof ABOUT_TOPICS)[number];
