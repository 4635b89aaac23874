/** In place of the buying controls once every unit is sold: the listing stays visible, never for sale again. */
export function SoldNotice() {
  return (
    <section className="panel sold-notice" aria-labelledby="sold-heading">
      <h2 id="sold-heading" className="sold-notice-title">
        Sold
      </h2>
      <p>This item has sold and is no longer available.</p>
    </section>
  );
}
