/** Demo buyers who left the seeded reviews, and what they wrote, by stars. */
export const REVIEWERS = [
  'maya_k',
  'jordan_buys',
  'elena_r',
  'sam_okafor',
  'lucas_m',
  'hannah_b',
  'devon_t',
  'aiko_s',
  'rafael_g',
  'nora_w',
  'oliver_p',
  'zoe_collects',
] as const;

export const REVIEW_COMMENTS: Record<3 | 4 | 5, readonly string[]> = {
  5: [
    'Exactly as described and shipped the next day. Would buy again.',
    'Packed with real care, arrived in perfect shape. Great communication throughout.',
    'Better than the photos. Escrow released the moment it was delivered, smooth all round.',
    'Fast answers to my questions and a fair price. Top seller.',
    'Item was tested and clean, with a note on what had been checked. Very professional.',
    'Quick pickup, friendly and on time. Thanks!',
  ],
  4: [
    'Good item, a little slower to ship than I hoped but well packed.',
    'As described apart from a small scuff the seller pointed out beforehand. Happy with it.',
    'Solid seller. Tracking took a day to update, otherwise no complaints.',
  ],
  3: ['Item is fine, but the box arrived dented and replies were slow.'],
};

/** Seeded reviews are dated between the store's opening and this fixed day, so re-seeding never adds new ones. */
export const REVIEWS_UNTIL = '2026-11-01T00:00:00.000Z';
