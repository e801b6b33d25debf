"use client";
import { formKind } from "../../kinds/form";
import { widget } from "../../react/registry";
import { Form } from "./form";

/**
 * hitl-kit/widgets/form — the widget on its own: its registry entry (default export: the kind
 * with its component) and the component. The default registry loads this module the first time
 * such a request arrives; import it to build a registry of just the widgets you use.
 */
export { Form, type FormProps } from "./form";

export default widget(formKind, Form);
