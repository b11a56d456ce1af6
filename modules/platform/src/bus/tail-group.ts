/**
 * Names of tail subscriptions. A tail subscription must never share its position with another one (two api
 * replicas sharing a group would each get only part of the messages), so the caller's group is a prefix
 * and this adds the host, the process and a random part: readable in broker tools, unique per subscription.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

export function uniqueTailGroup(prefix: string): string {
  if (prefix.length === 0) throw new Error('a tail subscription needs a group prefix');
  return `${prefix}.${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
}
