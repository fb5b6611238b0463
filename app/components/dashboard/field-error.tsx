/** The visible "required" marker; the inputs carry `required` (or the group its rule) for assistive tech. */
export function RequiredMark() {
  return (
    <span className="req-mark" aria-hidden="true">
      {" *"}
    </span>
  );
}
