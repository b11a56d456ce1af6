/** English counts for mail copy: "1 event", "3 events". Intl.PluralRules keeps the rule in one place. */
const rules = new Intl.PluralRules('en-US');

export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${rules.select(count) === 'one' ? singular : plural}`;
}
