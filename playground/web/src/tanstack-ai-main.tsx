import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "hitl-kit/styles.css";
import "./styles.css";
import { TanStackAiApp } from "./tanstack-ai-app";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from tanstack-ai.html");
createRoot(root).render(
  <StrictMode>
    <TanStackAiApp />
  </StrictMode>,
);
