import { NavLink } from 'react-router';
import { MESSAGES } from '../../../shared/messages.ts';
import { ACCOUNT_SECTIONS } from './account-area.ts';

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  [
    'flex min-h-12 items-center px-4 text-sm font-semibold transition-colors',
    // Phone: a wrapping row of large chips. Large screens: a column with a bar beside the current page.
    'border lg:border-0 lg:border-l-2',
    isActive
      ? 'border-ink bg-ink text-page lg:bg-transparent lg:text-ink'
      : 'border-line text-ink-muted hover:text-ink lg:border-transparent',
  ].join(' ');

/**
 * The account area's sections: a row of large tap targets on a phone, a column beside the page on large
 * screens. The current page is marked with aria-current (NavLink sets it) as well as by its look.
 */
export function AccountNav() {
  return (
    <nav aria-label={MESSAGES.accountSections}>
      <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
        {ACCOUNT_SECTIONS.map(({ section, path }) => (
          <li key={section}>
            <NavLink to={path} className={linkClasses}>
              {MESSAGES.accountSectionNames[section]}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
