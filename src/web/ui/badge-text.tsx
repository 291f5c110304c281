import type { ReactNode } from 'react';
import { badgeLook } from '../../shared/badge.ts';

interface BadgeTextProps {
  /** The product's badge_class: a colour named by class, and any other classes. */
  badgeClass: string | null;
  /** A paragraph under a heading, or a span inside a link. */
  as?: 'p' | 'span';
  className: string;
  children: ReactNode;
}

/** A product's badge line in the colour its badge class names (spec 3). */
export function BadgeText({ badgeClass, as: Element = 'span', className, children }: BadgeTextProps) {
  const look = badgeLook(badgeClass);
  return (
    <Element className={`${className} ${look.className}`.trim()} style={look.color ? { color: look.color } : undefined}>
      {children}
    </Element>
  );
}
