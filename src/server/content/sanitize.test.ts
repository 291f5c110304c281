import { describe, expect, it } from 'vitest';
import { sanitizeContentHtml } from './sanitize.ts';

describe('sanitizeContentHtml', () => {
  it('removes scripts, event handlers and javascript: links', () => {
    const html =
      '<p onclick="steal()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>';
    const clean = sanitizeContentHtml(html);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(clean).toContain('<p>Hi</p>');
  });

  it('keeps tables and safe links, adding noopener to new-tab links', () => {
    const clean = sanitizeContentHtml(
      '<table><tr><th scope="col">Size</th></tr></table><a href="https://x.test" target="_blank">x</a>',
    );
    expect(clean).toContain('<th scope="col">Size</th>');
    expect(clean).toContain('rel="noopener noreferrer"');
  });

  it('turns a top-level heading into a section heading: the page has its own', () => {
    expect(sanitizeContentHtml('<h1 class="lead">Contact Us</h1><p>Hi</p>')).toBe(
      '<h2 class="lead">Contact Us</h2><p>Hi</p>',
    );
  });
});
