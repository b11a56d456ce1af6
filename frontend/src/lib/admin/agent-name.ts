/**
 * The agent's "Your name" from the login card, remembered in this browser so the next login starts filled in.
 * The server keeps the name with the session and signs replies, notes and changes with it; this copy is only a
 * convenience for the form.
 */
export const AGENT_NAME_KEY = 'evently.admin.agent-name';

export function rememberedAgentName(): string {
  try {
    return globalThis.localStorage?.getItem(AGENT_NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberAgentName(name: string): void {
  try {
    const trimmed = name.trim();
    if (trimmed) globalThis.localStorage?.setItem(AGENT_NAME_KEY, trimmed);
    else globalThis.localStorage?.removeItem(AGENT_NAME_KEY);
  } catch {
    // Private mode or storage full: the form simply starts empty next time.
  }
}
