import { Outlet } from 'react-router';

/** The blank layout of spec 2.3: the page alone, no header, footer or drawers. */
export default function BlankLayout() {
  return <Outlet />;
}
