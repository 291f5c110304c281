import * as Dialog from '@radix-ui/react-dialog';
import { MESSAGES } from '../../shared/messages.ts';
import { CloseIcon } from './icons.tsx';
import type { ModalProps } from './modal.tsx';

/** The centred dialog itself (modal.tsx has its story), loaded with Radix Dialog the first time one opens. */
export default function ModalSheet({ open, onOpenChange, title, description, children }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/55 transition-opacity duration-300 ease-out starting:opacity-0 motion-reduce:transition-none" />
        <Dialog.Content
          className="fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto border-t border-line bg-surface text-ink shadow-2xl outline-none! transition duration-300 ease-[cubic-bezier(0.32,0.72,0,1)] starting:translate-y-8 starting:opacity-0 motion-reduce:transition-none md:inset-x-auto md:bottom-auto md:top-1/2 md:left-1/2 md:w-[28rem] md:-translate-x-1/2 md:-translate-y-1/2 md:border md:starting:-translate-y-[45%]"
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
        >
          <div className="py-6 pr-16 pl-6">
            <Dialog.Title className="font-display text-xl font-black uppercase leading-tight tracking-wide">
              {title}
            </Dialog.Title>
            {description !== undefined && (
              <Dialog.Description className="mt-2 text-sm text-ink-muted">{description}</Dialog.Description>
            )}
          </div>
          <div className="px-6 pb-[max(1.5rem,env(safe-area-inset-bottom))]">{children}</div>
          {/* Last in the tab order, so opening the dialog focuses its first choice. */}
          <Dialog.Close
            aria-label={MESSAGES.close}
            className="absolute top-4 right-4 inline-flex size-10 items-center justify-center rounded-full transition-colors hover:bg-surface-muted"
          >
            <CloseIcon className="size-5" strokeWidth={2} />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
