/**
 * Hiding an artist: in the app's base catalogue (not with the browse pages' strings) because the
 * lists of the first screen of /library filter hidden artists through the same module.
 */
export const enUSContentFilters = {
  'contentFilters.hide': 'Hide this artist',
  'contentFilters.confirmTitle': 'Hide {name}?',
  'contentFilters.confirmBody':
    'Their albums and tracks will no longer show in your lists. You can undo this in your settings.',
  'contentFilters.hidden': '{name} is now hidden.',
  'contentFilters.failed': '{name} could not be hidden:',
} as const;
