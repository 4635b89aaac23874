import '../../../styles/portal.css';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ArrowLeftIcon, StoreIcon } from '../../../components/ui/icons';
import { RequireSignIn } from '../../../lib/session/require-sign-in';
import { useSignedInSession } from '../../../lib/session/session-context';
import { Tabs, type TabItem } from '../../../components/ui/tabs';
import { ReturnRequests } from '../../../domains/returns/return-requests';
import { SellerSettingsTab } from '../../../domains/seller-settings/seller-settings-tab';
import { useTabParam } from '../../../lib/use-tab-param';
import { MyListings } from '../components/my-listings';
import { PortalOrders } from '../components/portal-orders';
import { SellerAnalytics } from '../components/analytics/seller-analytics';
import { StoreSummary } from '../components/store-summary';
import { CustomizeStore } from '../components/customize-store';
import { DangerZone } from '../components/danger-zone';
import { StorePreview } from '../components/store-preview';
import { ThemedPortal } from '../components/themed-portal';

type Tab = 'customize' | 'listings' | 'returns' | 'preview' | 'analytics' | 'settings' | 'orders';
const TABS: TabItem<Tab>[] = [
  { id: 'customize', label: 'Customize' },
  { id: 'listings', label: 'My Listings' },
  { id: 'returns', label: 'Returns' },
  { id: 'preview', label: 'Preview' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'settings', label: 'Settings' },
  { id: 'orders', label: 'Orders' },
];

function Portal() {
  const { token, user } = useSignedInSession();
  const [tab, select] = useTabParam(
    TABS.map((t) => t.id),
    'listings',
  );
  const navigate = useNavigate();
  const location = useLocation();
  // The first page of a visit has the key 'default': nothing in the app to go back to, so Back goes home.
  const back = () => (location.key === 'default' ? navigate('/') : navigate(-1));

  return (
    <div className="container seller-portal">
      <title>Seller Portal · RLUSD Marketplace</title>
      <div className="portal-head">
        <button type="button" className="btn btn-ghost back-link" onClick={back}>
          <ArrowLeftIcon />
          Back
        </button>
        <Link to={`/user/${encodeURIComponent(user.username)}`} className="btn btn-outline">
          <StoreIcon />
          View Store
        </Link>
      </div>
      <h1 className="page-title">Seller Portal</h1>
      <StoreSummary username={user.username} />
      {/* Customize, preview, analytics and settings join these with their own work (spec part 3 "Seller portal"). */}
      <Tabs label="Seller portal sections" tabs={TABS} selected={tab} onSelect={select} className="portal-tabs">
        {tab === 'customize' ? (
          <CustomizeStore username={user.username} />
        ) : tab === 'preview' ? (
          <StorePreview username={user.username} token={token} />
        ) : tab === 'returns' ? (
          <ReturnRequests userId={user.id} token={token} />
        ) : tab === 'analytics' ? (
          <SellerAnalytics userId={user.id} token={token} />
        ) : tab === 'settings' ? (
          <SellerSettingsTab userId={user.id} token={token} dangerZone={<DangerZone />} />
        ) : tab === 'orders' ? (
          <PortalOrders userId={user.id} token={token} />
        ) : (
          <MyListings userId={user.id} token={token} />
        )}
      </Tabs>
    </div>
  );
}

/** /seller-portal (spec part 3 "Seller portal"): signed-in only. */
export function SellerPortalPage() {
  return (
    <RequireSignIn>
      <ThemedPortal>
        <Portal />
      </ThemedPortal>
    </RequireSignIn>
  );
}
