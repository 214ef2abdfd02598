/** The banners' text (en-US), loaded with them. */
export const bannersEnUS = {
  'banners.region': 'Announcements',
  'banners.update.text': 'A new version of Shoal is available.',
  'banners.update.apply': 'Update',
  'banners.update.later': 'Later',
  'banners.error.text': 'An unexpected error occurred',
  'banners.error.hint': 'Reload the page if something stopped working.',
  'banners.error.dismiss': 'Dismiss',
  'banners.consent.text':
    'May Shoal send a report to the pod when something goes wrong? Reports help fix errors; they never include your music or your password.',
  'banners.consent.allow': 'Allow',
  'banners.consent.deny': 'Deny',
} as const;
