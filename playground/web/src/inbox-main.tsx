import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "hitl-kit/styles.css";
import "./styles.css";
import { InboxApp } from "./inbox-app";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from inbox.html");
createRoot(root).render(
  <StrictMode>
    <InboxApp />
  </StrictMode>,
);
