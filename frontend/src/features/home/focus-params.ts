export type ViewMode = 'list' | 'map' | 'split';

export interface FocusParams {
  mode: ViewMode | null;
  focusLat: number | null;
  focusLon: number | null;
  focusEvent: string | null;
}

export const FOCUS_PARAM_NAMES = ['mode', 'focus_lat', 'focus_lon', 'focus_event'] as const;

function finite(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** Spec 01 "Home": mode, focus_lat, focus_lon and focus_event; coordinates count only when finite. */
export function readFocusParams(search: string): FocusParams {
  const params = new URLSearchParams(search);
  const mode = params.get('mode');
  const focusLat = finite(params.get('focus_lat'));
  const focusLon = finite(params.get('focus_lon'));
  const bothCoordinates = focusLat !== null && focusLon !== null;
  return {
    mode: mode === 'map' || mode === 'split' || mode === 'list' ? mode : null,
    focusLat: bothCoordinates ? focusLat : null,
    focusLon: bothCoordinates ? focusLon : null,
    focusEvent: params.get('focus_event')?.trim() || null,
  };
}

/** With finite focus coordinates or a focus event the view defaults to the map. */
export function initialViewMode(params: FocusParams): ViewMode {
  if (params.mode) return params.mode;
  return params.focusLat !== null || params.focusEvent ? 'map' : 'list';
}

export function hasFocus(params: FocusParams): boolean {
  return params.focusLat !== null || params.focusEvent !== null;
}

/** The query string without the focus parameters (other parameters are left alone). */
export function withoutFocusParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of FOCUS_PARAM_NAMES) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
