import { enUSChannelForm } from './en-US.channel-form';
import { enUSChannels } from './en-US.channels';
import { enUSLibraries } from './en-US.libraries';
import { enUSRemote } from './en-US.remote';
import { enUSServerImport } from './en-US.serverImport';
import { enUSUploads } from './en-US.uploads';

/** The content app's interface text in en-US: the complete catalogue every other locale falls back to. */
export const enUS = {
  'common.loading': 'Loading…',
  'common.retry': 'Try again',
  'common.refresh': 'Refresh',
  'common.cancel': 'Cancel',
  'common.close': 'Close',
  'common.save': 'Save',
  'common.delete': 'Delete',
  'common.noResults': 'Nothing here yet.',
  'common.previous': 'Previous page',
  'common.next': 'Next page',
  'common.pageOf': 'Page {page} of {pages}',
  'common.tracks': { one: '{count} track', other: '{count} tracks' },
  'common.loadError': 'This could not be loaded',
  'signIn.link': 'Sign in to add and manage your content',

  'overview.title': 'Add and manage content',
  'overview.tabs': 'Ways to add content',
  'overview.channels.title': 'Publish your work in a channel',
  'overview.channels.text':
    'Channels are for your own creations: music you make, or podcast episodes. Listeners subscribe and get every new release.',
  'overview.channels.link': 'Create or manage a channel from your profile',
  'overview.remote.title': 'Follow libraries from other pods',
  'overview.remote.text':
    'Follow a library shared by someone else, on this pod or another one, and its tracks join what you can play.',
  'overview.remote.link': 'Remote libraries',
  'overview.upload.title': 'Upload music to a library',
  'overview.upload.text': 'Upload music files into one of your libraries, kept private or shared as you choose.',
  'overview.upload.link': 'Upload files',
  'overview.libraries.link': 'My libraries',

  'quota.title': 'Storage',
  'quota.usage': '{current} used of {max}',
  'quota.percent': '{percent}% used',
  'quota.remaining': '{remaining} left',
  'quota.unlimited': '{current} used, no limit',
  'quota.errored': '{size} in files that failed to import',
  'quota.pending': '{size} in files waiting to import',
  'quota.skipped': '{size} in skipped files',
  'quota.viewFiles': 'See these files',
  'quota.error': 'Your storage use could not be loaded',

  ...enUSChannels,
  ...enUSChannelForm,
  ...enUSLibraries,
  ...enUSRemote,
  ...enUSUploads,
  ...enUSServerImport,
};
