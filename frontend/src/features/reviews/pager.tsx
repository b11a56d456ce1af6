interface Props {
  page: number;
  pages: number;
  onPage(page: number): void;
}

/** Spec 02 "Reviews list page": Prev / Page x of y / Next, only when there is more than one page. */
export function Pager({ page, pages, onPage }: Props) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label="Reviews pages">
      <button type="button" className="btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Prev
      </button>
      <span className="pager__status" aria-live="polite">
        Page {page} of {pages}
      </span>
      <button type="button" className="btn" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
