import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "hitl-kit/styles.css";
import "./styles.css";
import { LangGraphApp } from "./langgraph-app";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from langgraph.html");
createRoot(root).render(
  <StrictMode>
    <LangGraphApp />
  </StrictMode>,
);
