/** `/settings.json`: deployment-time configuration of the front end (calls.md §7.3). */
export interface FrontSettings {
  defaultServerUrl: string | null;
}

export async function fetchFrontSettings(): Promise<FrontSettings> {
  try {
    const response = await fetch('/settings.json', { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = (await response.json()) as { defaultServerUrl?: unknown };
    return { defaultServerUrl: typeof body.defaultServerUrl === 'string' ? body.defaultServerUrl : null };
  } catch (error) {
    // calls.md §8.2: logged, no customisation.
    console.error('Error while fetching front settings', error);
    return { defaultServerUrl: null };
  }
}
