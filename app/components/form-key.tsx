/** The hidden per-render key of a create form (app/services/idempotency.server.ts): a second post of it creates nothing. */
export function FormKey({ value }: { value: string }) {
  return <input type="hidden" name="formKey" value={value} />;
}
