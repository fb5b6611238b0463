import { Bounce, ToastContainer } from "react-toastify/unstyled";

/** The toast container with every setting of the notifications (stacked 12 px apart, see app.css); loaded lazily by Toaster. */
export default function ToastHost({ label }: { label: string }) {
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      closeButton
      pauseOnHover
      pauseOnFocusLoss
      draggable
      draggablePercent={80}
      draggableDirection="x"
      role="alert"
      theme="light"
      transition={Bounce}
      aria-label={label}
      hotKeys={(e) => e.altKey && e.code === "KeyT"}
      newestOnTop
    />
  );
}
