import DOMPurify from 'dompurify';

let hooked = false;
function purifier(): typeof DOMPurify {
  if (!hooked) {
    // DOMPurify drops `target` unless told; keep it only with a safe `rel`.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify;
}

/**
 * Sanitises HTML from anywhere (the pod's rendered descriptions included) before it meets the DOM.
 * Kept apart from the Markdown renderer: showing the pod's HTML needs DOMPurify (≈9 KB gzip) only.
 */
export function sanitizeHtml(html: string): string {
  return purifier().sanitize(html, { ADD_ATTR: ['target'], FORBID_TAGS: ['style', 'form'] });
}
