/** An address as it is written on a label: one line per part, read line by line by screen readers too. */
export function AddressBlock({ lines, extra = [], className }: { lines: string[]; extra?: string[]; className?: string }) {
  const all = [...lines, ...extra.filter(Boolean)];
  return (
    <address className={className ? `address-block ${className}` : "address-block"}>
      {all.map((line, index) => (
        // A static list rendered once: its index is a stable key (two lines may read the same).
        <span key={index}>
          {line}
          {index < all.length - 1 && <br />}
        </span>
      ))}
    </address>
  );
}
