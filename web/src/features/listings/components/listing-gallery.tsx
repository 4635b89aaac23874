import { useState, type KeyboardEvent } from 'react';
import type { ListingImage } from '../../../../../shared/api/listings';
import { Dialog, DialogClose } from '../../../components/ui/dialog';

/**
 * The listing page's gallery (spec part 1 "Listing detail page"): the main image, a strip of thumbnails, and a
 * full-screen view with previous / next buttons, the arrow keys and an 'n / total' counter. The main image keeps its
 * box before it loads (no layout shift) and is fetched first.
 */
export function ListingGallery({ images, title }: { images: ListingImage[]; title: string }) {
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  if (!images.length) {
    return (
      <div className="gallery-main gallery-empty" role="img" aria-label="No images available">
        No images available
      </div>
    );
  }
  const total = images.length;
  const current = images[index]!;
  const go = (delta: number) => setIndex((i) => (i + delta + total) % total);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') go(1);
    else if (e.key === 'ArrowLeft') go(-1);
    else return;
    e.preventDefault();
  };
  return (
    <div className="gallery">
      <Dialog
        open={open}
        onOpenChange={setOpen}
        variant="lightbox"
        trigger={
          <button type="button" className="gallery-main" aria-label={`Open full-screen photo ${index + 1} of ${total}`}>
            <img
              src={current.url}
              alt={`${title}, photo ${index + 1} of ${total}`}
              width={1200}
              height={900}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              decoding="async"
            />
          </button>
        }
        title={`${title}: photos`}
        onKeyDown={onKey}
      >
        <img src={current.url} alt={`${title}, photo ${index + 1} of ${total}`} className="gallery-full" />
        <p className="gallery-counter" aria-live="polite">
          {index + 1} / {total}
        </p>
        {total > 1 && (
          <>
            <button
              type="button"
              className="gallery-arrow gallery-prev"
              aria-label="Previous photo"
              onClick={() => go(-1)}
            >
              ‹
            </button>
            <button type="button" className="gallery-arrow gallery-next" aria-label="Next photo" onClick={() => go(1)}>
              ›
            </button>
          </>
        )}
        <DialogClose className="gallery-close" aria-label="Close">
          ✕
        </DialogClose>
      </Dialog>
      {total > 1 && (
        <ul className="gallery-thumbs" aria-label="Photos">
          {images.map((img, i) => (
            <li key={img.key}>
              <button
                type="button"
                className={`gallery-thumb${i === index ? ' is-current' : ''}`}
                aria-label={`Show photo ${i + 1} of ${total}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
              >
                <img src={img.thumbUrl} alt="" width={96} height={72} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
