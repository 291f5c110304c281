import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DRAWER_ANIMATION_MS } from '../../../shared/constants.ts';
import { isExternalUrl } from '../../../shared/media-url.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { PATHS } from '../../../shared/paths.ts';
import { isSignedIn } from '../../../shared/user.ts';
import type { NavigationNode } from '../../../shared/website-config.ts';
import { navSlideDirection } from '../../lib/navigation/hash.ts';
import { Drawer } from '../../ui/drawer.tsx';
import { useDrawer } from '../../lib/navigation/use-drawer.ts';
import { useShop } from '../../lib/use-shop.ts';
import { useUser } from '../../lib/user-store.ts';
import { AccountIcon, ArrowUpRightIcon, BackIcon, ChevronRightIcon, ContactIcon } from '../../ui/icons.tsx';
import { navLevel, nodeIds, opensLevel, type NavLevel } from './nav-level.ts';

type Slide = 'left' | 'right';

const levelKey = (level: NavLevel) => level.ids.join(':');

const rowClass =
  'group flex min-h-14 w-full items-center gap-3 border-b border-line px-5 py-3 text-left transition-colors hover:bg-surface-muted focus-visible:-outline-offset-2!';

function RowLink({
  url,
  appHost,
  replace,
  className,
  children,
}: {
  url: string;
  appHost: string;
  replace: boolean;
  className: string;
  children: ReactNode;
}) {
  if (isExternalUrl(url, appHost)) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" className={className}>
        {children}
        <ArrowUpRightIcon className="ml-auto size-4 shrink-0 text-ink-muted" />
        <span className="sr-only">{MESSAGES.opensInNewTab}</span>
      </a>
    );
  }
  return (
    <Link to={url} replace={replace} prefetch="intent" className={className}>
      {children}
    </Link>
  );
}

function LevelPanel({
  level,
  appHost,
  replace,
  onLevel,
}: {
  level: NavLevel;
  appHost: string;
  replace: boolean;
  onLevel: (ids: string[]) => void;
}) {
  const top = level.node === null;
  const nameClass = top
    ? 'font-display text-xl font-black uppercase tracking-[0.06em]'
    : 'font-display text-[0.9375rem] font-bold uppercase tracking-[0.1em]';
  const backName = level.parent?.name ?? MESSAGES.menu;
  return (
    <ul>
      {level.node && (
        <li>
          <button
            type="button"
            className={`${rowClass} text-ink-muted`}
            aria-label={`Back to ${backName}`}
            onClick={() => onLevel(level.ids.slice(0, -1))}
          >
            <BackIcon className="-ml-1 size-5 shrink-0 transition-transform group-hover:-translate-x-0.5" />
            <span className="text-xs font-bold uppercase tracking-[0.14em]">{backName}</span>
          </button>
        </li>
      )}
      {level.node?.url && (
        <li>
          <RowLink url={level.node.url} appHost={appHost} replace={replace} className={rowClass}>
            <span className="font-display text-[0.9375rem] font-black uppercase tracking-[0.1em] underline decoration-1 underline-offset-4">
              {`Shop all ${level.node.name}`}
            </span>
          </RowLink>
        </li>
      )}
      {level.items.map((node: NavigationNode) => {
        if (opensLevel(node)) {
          return (
            <li key={node._id}>
              <button type="button" className={rowClass} data-nav-id={node._id} onClick={() => onLevel(nodeIds(node))}>
                <span className={nameClass}>{node.name}</span>
                <ChevronRightIcon className="ml-auto size-5 shrink-0 text-ink-muted transition-transform group-hover:translate-x-0.5" />
              </button>
            </li>
          );
        }
        if (!node.url) return null;
        return (
          <li key={node._id}>
            <RowLink url={node.url} appHost={appHost} replace={replace} className={rowClass}>
              <span className={nameClass}>{node.name}</span>
            </RowLink>
          </li>
        );
      })}
    </ul>
  );
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

const OFFSCREEN: Record<Slide, string> = { left: '-100%', right: '100%' };
const OPPOSITE: Record<Slide, Slide> = { left: 'right', right: 'left' };

/** The side navigation's drawer (side-nav.tsx has its story), loaded when the menu first opens. */
export default function SideNavDrawer({ tree }: { tree: readonly NavigationNode[] }) {
  const { appHost } = useShop();
  const { current, open, close, pushed } = useDrawer();
  const user = useUser();
  // A link that leaves the drawer replaces the #nav entry the shop pushed, so Back from the new page returns
  // to the page under the drawer rather than reopening it.
  const replace = pushed;
  const isOpen = current?.drawer === 'nav';

  // While closing, the drawer keeps showing the level it had.
  const [shown, setShown] = useState<string[]>(isOpen ? current.ids : []);
  const [wasOpen, setWasOpen] = useState(isOpen);
  const [change, setChange] = useState<{ outgoing: NavLevel; slide: Slide; id: number } | null>(null);
  const previous = navLevel(tree, shown);
  const level = isOpen ? navLevel(tree, current.ids) : previous;
  if (levelKey(level) !== levelKey(previous)) {
    setShown(level.ids);
    // A drawer that opens straight onto a level slides in as a whole; only a move inside it slides levels.
    setChange(
      wasOpen
        ? { outgoing: previous, slide: navSlideDirection(previous.ids, level.ids), id: (change?.id ?? 0) + 1 }
        : null,
    );
  }
  if (wasOpen !== isOpen) setWasOpen(isOpen);
  if (!isOpen && change) setChange(null);

  const incomingRef = useRef<HTMLDivElement>(null);
  const outgoingRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!change) return;
    const incoming = incomingRef.current;
    // Focus follows the move: onto the new level's first row, or back onto the row that was opened.
    const left = change.outgoing.node?._id;
    const cameFrom =
      change.slide === 'left' && left
        ? incoming?.querySelector<HTMLElement>(`[data-nav-id="${CSS.escape(left)}"]`)
        : null;
    (cameFrom ?? incoming?.querySelector<HTMLElement>('button, a'))?.focus({ preventScroll: true });
    if (prefersReducedMotion()) {
      setChange(null);
      return;
    }
    const timing: KeyframeAnimationOptions = {
      duration: DRAWER_ANIMATION_MS,
      easing: 'cubic-bezier(0.32, 0.72, 0, 1)',
    };
    const animations = [
      incoming?.animate(
        [{ transform: `translateX(${OFFSCREEN[change.slide]})` }, { transform: 'translateX(0)' }],
        timing,
      ),
      outgoingRef.current?.animate(
        [{ transform: 'translateX(0)' }, { transform: `translateX(${OFFSCREEN[OPPOSITE[change.slide]]})` }],
        timing,
      ),
    ];
    const done = animations[0]?.finished;
    let cancelled = false;
    done?.then(
      () => !cancelled && setChange(null),
      () => undefined,
    );
    return () => {
      cancelled = true;
      animations.forEach((animation) => animation?.cancel());
    };
  }, [change]);

  const goTo = (ids: string[]) => open({ drawer: 'nav', ids });
  const signedIn = isSignedIn(user);

  return (
    <Drawer
      open={isOpen}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      side="left"
      title={level.node?.name ?? MESSAGES.menu}
      footer={
        <ul className="-mx-5 -mt-4 grid grid-cols-2 text-sm font-bold uppercase tracking-[0.12em]">
          <li>
            <Link
              to={signedIn ? PATHS.account : PATHS.login}
              replace={replace}
              className="flex min-h-14 items-center gap-2.5 px-5 transition-colors hover:bg-surface-muted focus-visible:-outline-offset-2!"
            >
              <AccountIcon className="size-5 shrink-0" />
              {signedIn ? MESSAGES.myAccount : MESSAGES.signIn}
            </Link>
          </li>
          <li className="border-l border-line">
            <Link
              to={PATHS.contact}
              replace={replace}
              className="flex min-h-14 items-center gap-2.5 px-5 transition-colors hover:bg-surface-muted focus-visible:-outline-offset-2!"
            >
              <ContactIcon className="size-5 shrink-0" />
              {MESSAGES.contactUs}
            </Link>
          </li>
        </ul>
      }
    >
      <nav aria-label={MESSAGES.sideNavigation} className="relative overflow-hidden">
        <div ref={incomingRef} key={`level-${levelKey(level)}`}>
          <LevelPanel level={level} appHost={appHost} replace={replace} onLevel={goTo} />
        </div>
        {change && (
          <div ref={outgoingRef} key={`out-${change.id}`} className="absolute inset-x-0 top-0" aria-hidden="true" inert>
            <LevelPanel level={change.outgoing} appHost={appHost} replace={replace} onLevel={goTo} />
          </div>
        )}
      </nav>
    </Drawer>
  );
}
