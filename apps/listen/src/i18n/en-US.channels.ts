/** The channel page's owner actions and the RSS feed tab's result (en-US). */
export const channelsEnUS = {
  'channels.edit': 'Edit',
  'search.rssDone': 'You are subscribed to {name}.',
  'search.rssOpen': 'Open the channel {name}',
} as const;
