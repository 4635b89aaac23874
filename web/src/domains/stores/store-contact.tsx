import type { Store } from '../../../../shared/api/stores';

/** The seller's email and phone, each only when their settings show it (decision 057). */
export function StoreContact({ contact }: { contact: Store['contact'] }) {
  return (
    <>
      {contact.email && (
        <a href={`mailto:${contact.email}`} className="store-contact">
          <span className="sr-only">Email: </span>
          {contact.email}
        </a>
      )}
      {contact.phone && (
        <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} className="store-contact">
          <span className="sr-only">Phone: </span>
          {contact.phone}
        </a>
      )}
    </>
  );
}
