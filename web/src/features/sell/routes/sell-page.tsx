import '../../../styles/sell.css';
import { useEffect } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { PageLoading } from '../../../components/ui/page-loading';
import { ApiError } from '../../../lib/api';
import { useListingDetail } from '../../../domains/listings/api';
import { RequireSignIn } from '../../../lib/session/require-sign-in';
import { useSession, useSignedInSession } from '../../../lib/session/session-context';
import { KycNotice } from '../components/kyc-notice';
import { ListingWizard } from '../components/listing-wizard';
import { emptyForm, formFromListing } from '../lib/listing-form';
import type { WizardPhoto } from '../../../domains/listing-photos/api';
import { locationFromProfile } from '../lib/location-prefill';
import { LoadFailed } from '../../../components/ui/load-failed';
import { useProfile } from '../../../domains/profile/api';

function CreateListing() {
  const { user } = useSignedInSession();
  // The location is prefilled from the profile address; without a profile the wizard still opens, empty.
  const { data, error, isLoading } = useProfile();
  if (isLoading) return <PageLoading />;
  const profile = error ? null : (data ?? null);
  return (
    <>
      <KycNotice username={user.username} />
      <ListingWizard initial={{ ...emptyForm(), ...locationFromProfile(profile) }} initialPhotos={[]} />
    </>
  );
}

function EditListing({ id }: { id: string }) {
  const { user } = useSignedInSession();
  const { data, error, isLoading, mutate } = useListingDetail(id);
  if (isLoading) return <PageLoading />;
  if ((error instanceof ApiError && error.status === 404) || (data && data.seller.id !== user.id)) {
    return (
      <div className="status status-error" role="alert">
        <p className="status-title">Listing not found</p>
        <Link to="/seller-portal" className="btn btn-outline">
          Back to My Listings
        </Link>
      </div>
    );
  }
  // A sold-out listing is still readable (its buyers follow their purchases on it) but can't be edited.
  if (data?.status === 'sold') {
    return (
      <div className="status" role="status">
        <p className="status-title">This listing has sold and can no longer be edited.</p>
        <Link to="/seller-portal" className="btn btn-outline">
          Back to My Listings
        </Link>
      </div>
    );
  }
  // Without the seller's own terms (reserve, minimum offer) the form would save them away: never open it so.
  if (error || !data || data.reservePriceCents === undefined) {
    return <LoadFailed title="Failed to fetch listing" onRetry={() => void mutate()} />;
  }
  const photos: WizardPhoto[] = data.images.map((img, i) => ({
    id: `existing-${i}`,
    name: `Photo ${i + 1}`,
    previewUrl: img.thumbUrl,
    key: img.key,
    progress: 1,
    status: 'ready',
    origin: 'listing',
  }));
  return <ListingWizard initial={formFromListing(data)} initialPhotos={photos} editId={id} />;
}

function SellContent() {
  const { user } = useSignedInSession();
  const [params] = useSearchParams();
  const editId = params.get('edit');
  if (!user.isSeller) {
    return (
      <div className="status">
        <p className="status-title">Turn on selling in your profile settings to list items.</p>
        <Link to="/settings" className="btn btn-primary">
          Profile Settings
        </Link>
      </div>
    );
  }
  return editId ? <EditListing key={editId} id={editId} /> : <CreateListing />;
}

/** Signed-out visitors are told why and sent home (spec part 3 "The error catalogue"). */
function AuthenticationRequired() {
  useEffect(() => {
    toast.error('Authentication Required', { description: 'Please connect your wallet to create a listing' });
  }, []);
  return <Navigate to="/" replace />;
}

export function SellPage() {
  const [params] = useSearchParams();
  const { status } = useSession();
  return (
    <div className="container sell-page">
      <h1 className="page-title">{params.get('edit') ? 'Edit Listing' : 'Create Listing'}</h1>
      {status === 'signed-out' ? (
        <AuthenticationRequired />
      ) : (
        <RequireSignIn>
          <SellContent />
        </RequireSignIn>
      )}
    </div>
  );
}
