import { lazy, Suspense, useEffect, useState } from 'react';
import { MESSAGES } from '../../../shared/messages.ts';
import { SIZE_GUIDE_NAME_PATTERN, type SizeChart } from '../../../shared/size-chart.ts';
import { shopApi } from '../../lib/api/use-api.ts';
import { useDrawer } from '../../lib/navigation/use-drawer.ts';
import { useShop } from '../../lib/use-shop.ts';
import { Drawer } from '../../ui/drawer.tsx';

// The guide's panel, with its carousel, and the guide's endpoint with its schemas load when a guide is first opened.
const loadPanel = () => import('./size-guide-panel.tsx');
const loadSizeChartEndpoint = () =>
  import('../../../shared/api/size-charts.ts').then(({ sizeChartEndpoint }) => sizeChartEndpoint);
const SizeGuidePanel = lazy(() => loadPanel().then(({ SizeGuidePanel: Panel }) => ({ default: Panel })));
const NoSizeGuide = lazy(() => loadPanel().then(({ NoSizeGuide: Missing }) => ({ default: Missing })));

type GuideState =
  | { name: string; status: 'loading' }
  | { name: string; status: 'shown'; chart: SizeChart }
  | { name: string; status: 'none' };

/**
 * The size-guide drawer of the default layout (spec 2.3, 2.4): opened by #size-guide:{name}, it fetches the
 * guide in the browser and shows 'No Size Guide' when that fails (the guide is cleared).
 */
export function SizeGuideDrawer() {
  const { brand } = useShop();
  const { current, close } = useDrawer();
  const name = current?.drawer === 'size-guide' ? current.name : null;
  const [guide, setGuide] = useState<GuideState | null>(null);

  useEffect(() => {
    if (name === null) return;
    if (!SIZE_GUIDE_NAME_PATTERN.test(name)) {
      setGuide({ name, status: 'none' });
      return;
    }
    const controller = new AbortController();
    setGuide((shown) => (shown?.name === name && shown.status === 'shown' ? shown : { name, status: 'loading' }));
    loadSizeChartEndpoint()
      .then((endpoint) =>
        shopApi(brand).call(endpoint, { params: { sizeGuideName: name } }, { signal: controller.signal }),
      )
      .then(
        (chart) => setGuide({ name, status: 'shown', chart }),
        () => {
          if (!controller.signal.aborted) setGuide({ name, status: 'none' });
        },
      );
    return () => controller.abort();
  }, [brand, name]);

  // While closing, the drawer keeps showing the guide it had.
  const shown = guide && (name === null || guide.name === name) ? guide : null;
  const title = shown?.status === 'shown' ? shown.chart.display_name : MESSAGES.sizeGuide;

  return (
    <Drawer open={name !== null} onOpenChange={(open) => !open && close()} side="right" title={title}>
      <div className="px-5 py-5">
        <Suspense fallback={<Loading />}>
          {shown?.status === 'shown' && <SizeGuidePanel chart={shown.chart} />}
          {shown?.status === 'none' && <NoSizeGuide />}
          {(shown === null || shown.status === 'loading') && <Loading />}
        </Suspense>
      </div>
    </Drawer>
  );
}

function Loading() {
  return (
    <p role="status" className="py-10 text-center text-ink-muted">
      {MESSAGES.loading}
    </p>
  );
}
