import { lazy, Suspense, type ComponentProps } from 'react';

const loadDialog = () => import('./report-dialog');

const Dialog = lazy(() => loadDialog().then((module) => ({ default: module.ReportDialog })));

/**
 * The report dialog, downloaded the first time one opens: a feed of cards, each with its Report,
 * carries none of it (nor the recorder inside it) before anyone reports anything.
 */
export function ReportDialog(props: ComponentProps<typeof Dialog>) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}

/** Starts the download early, when a Report is about to be within reach (a menu opened). */
export function preloadReportDialog(): void {
  void loadDialog().catch(() => undefined);
}
