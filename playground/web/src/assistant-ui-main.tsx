import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "hitl-kit/styles.css";
import "./styles.css";
import { AssistantUiApp } from "./assistant-ui-app";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from assistant-ui.html");
createRoot(root).render(
  <StrictMode>
    <AssistantUiApp />
  </StrictMode>,
);
