import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type { CreateListingBody } from '../../../../../shared/api/listings';
import { ApiError, newIdempotencyKey } from '../../../lib/api';
import { createListing, refreshListingCaches, updateListing } from '../../../domains/listings/api';
import { formFieldOf, type FieldErrors } from './listing-form';

/**
 * Sends the wizard's body: creates a listing, or saves the one being edited (`editId`), then goes on to the
 * marketplace or the seller portal. A refusal's field messages go to `onFieldErrors`; a refusal of the seller rather than
 * the listing (e.g. require_kyc and an unverified seller, decision 069) stays shown as `refusal` until the next try.
 */
export function useListingSubmit({
  token,
  editId,
  onFieldErrors,
}: {
  token: string;
  editId?: string;
  onFieldErrors(errors: FieldErrors): void;
}) {
  const navigate = useNavigate();
  const { mutate, cache } = useSWRConfig();
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // One key per listing the seller means to create: pressing again after a failure with the same listing repeats
  // that action (the server answers with the listing if the first try went through); a changed listing is a new one.
  const createKey = useRef<{ body: string; key: string } | null>(null);

  const send = (body: CreateListingBody) => {
    setSubmitting(true);
    setRefusal(null);
    const sent = JSON.stringify(body);
    if (createKey.current?.body !== sent) createKey.current = { body: sent, key: newIdempotencyKey() };
    const request = editId ? updateListing(token, editId, body) : createListing(token, body, createKey.current.key);
    request
      .then(async () => {
        createKey.current = null;
        // The listing is saved: a refetch that fails later must not report it as failed.
        await refreshListingCaches(mutate, cache, editId ?? undefined).catch(() => undefined);
        if (editId) {
          toast.success('Listing Updated');
          navigate('/seller-portal');
        } else {
          toast.success('Listing Created!');
          navigate('/marketplace');
        }
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) {
          toast.error('Authentication Required', { description: 'Please connect your wallet to create a listing' });
        } else if (error instanceof ApiError && error.fields) {
          const fields: FieldErrors = {};
          for (const [path, message] of Object.entries(error.fields)) {
            fields[formFieldOf(path)] ??= message;
          }
          onFieldErrors(fields);
          toast.error('Error', { description: error.message });
        } else if (error instanceof ApiError && (error.status === 403 || error.status === 409)) {
          // The server's words say what the seller must do first (get verified, refund a return, reopen the store).
          setRefusal(error.message);
          toast.error('Error', { description: error.message });
        } else {
          toast.error('Error', { description: 'Failed to create listing. Please try again.' });
        }
      })
      .finally(() => setSubmitting(false));
  };
  return { submitting, send, refusal };
}
