/** The search's date presets as the wire carries them (the query's `date`, a saved search's `date_preset`). */
export const DATE_PRESETS = ['today', 'tomorrow', 'this_week', 'this_month'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
