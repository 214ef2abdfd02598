/** Strings of the embed wizard (en-US): loaded with the wizard, not with the detail pages. */
export const enUSEmbed = {
  'embed.help': 'Copy this code into a web page to show a player for it.',
  'embed.code': 'Embed code',
  'embed.copy': 'Copy',
  'embed.copied': 'Copied',
  'embed.copiedStatus': 'The embed code is copied to the clipboard.',
  'embed.preview': 'Player preview',
  'embed.frameTitle': 'Shoal player: {name}',
  'embed.width': 'Width',
  'embed.widthUnit': 'Width unit',
  'embed.unit.percent': '% of the page',
  'embed.unit.px': 'pixels',
  'embed.width.notWhole': 'The width must be a whole number.',
  'embed.width.tooSmall': 'The width must be at least {min}.',
  'embed.width.tooLarge': 'The width can be at most {max}.',
  'embed.height': 'Height',
  'embed.height.150': 'Small (150 px)',
  'embed.height.250': 'Medium (250 px)',
  'embed.height.400': 'Large (400 px)',
  'embed.height.600': 'Extra large (600 px)',
  'embed.notPublic':
    'Visitors will not be able to play this player: this pod only lets signed-in listeners play music. An administrator can allow anonymous access in the pod settings.',
};
