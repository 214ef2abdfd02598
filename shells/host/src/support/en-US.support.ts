/** The support prompts' text (en-US), loaded with them. */
export const supportEnUS = {
  'support.region': 'Support',
  'support.project.title': 'Support the project',
  'support.project.text':
    'This pod runs Funkwhale, free software built by volunteers. If it brings you music you enjoy, please consider supporting its development.',
  'support.project.link': 'Ways to support Funkwhale',
  'support.pod.title': 'Support this pod',
  'support.remind': 'Remind me',
  'support.remind.30': 'In 30 days',
  'support.remind.60': 'In 60 days',
  'support.remind.90': 'In 90 days',
  'support.remind.never': 'Never',
  'support.gotIt': 'Got it',
  'support.saveFailed': 'Your choice cannot be saved',
} as const;
