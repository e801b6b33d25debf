import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "hitl-kit/styles.css";
import "./styles.css";
import { AiSdkApp } from "./ai-sdk-app";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from ai-sdk.html");
createRoot(root).render(
  <StrictMode>
    <AiSdkApp />
  </StrictMode>,
);
