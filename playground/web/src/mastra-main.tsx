import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "hitl-kit/styles.css";
import "./styles.css";
import { MastraApp } from "./mastra-app";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from mastra.html");
createRoot(root).render(
  <StrictMode>
    <MastraApp />
  </StrictMode>,
);
