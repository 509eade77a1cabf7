/** The kinds of limits on guests' online booking requests (the engine applies them; see availability.ts). */
export const TIME_RULE_TYPES = ['no_online', 'min_lead', 'last_seating', 'covers_cap'] as const;
