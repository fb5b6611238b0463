/**
 * What a form asks the route to do, posted as `intent` (the routes' schemas discriminate on it).
 * Both work without JavaScript: the hidden field always posts; a button posts its value when it
 * is the one pressed (or the form's default button on Enter).
 */
import { Form } from "react-router";

export function Intent({ value }: { value: string }) {
  return <input type="hidden" name="intent" value={value} />;
}

/** A form that is only its button: one intent, one label (payouts' "Mark paid", "Approve all", …). */
export function IntentForm({
  value,
  className,
  disabled,
  children,
}: {
  value: string;
  className: string;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Form method="post">
      <button type="submit" name="intent" value={value} className={className} disabled={disabled}>
        {children}
      </button>
    </Form>
  );
}
