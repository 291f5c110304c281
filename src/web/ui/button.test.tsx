import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';

describe('Button', () => {
  it('is a plain button that submits only when asked', () => {
    const html = renderToStaticMarkup(<Button variant="primary">Checkout</Button>);
    expect(html).toContain('type="button"');
    expect(html).not.toContain('disabled=');
    expect(html).not.toContain('aria-busy=');
    expect(
      renderToStaticMarkup(
        <Button variant="outline" type="submit">
          Apply
        </Button>,
      ),
    ).toContain('type="submit"');
  });

  it('is disabled and busy while pending', () => {
    const html = renderToStaticMarkup(
      <Button variant="outline" pending>
        Apply
      </Button>,
    );
    expect(html).toContain('disabled=""');
    expect(html).toContain('aria-busy="true"');
  });

  it('keeps the caller’s layout beside its look', () => {
    const html = renderToStaticMarkup(
      <Button variant="plain" size="sm" className="min-h-8 px-2">
        Reset
      </Button>,
    );
    expect(html).toMatch(/class="text-xs [^"]*underline[^"]* min-h-8 px-2"/);
  });
});
