/** The token of a digest's "edit" link (`?edit=`), or null when absent or not shaped like one. */
export function editTokenOf(search: string): string | null {
  const token = new URLSearchParams(search).get('edit');
  return token && /^[A-Za-z0-9_-]{22,128}$/.test(token) ? token : null;
}
