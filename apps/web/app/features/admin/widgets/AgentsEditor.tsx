/** A channel's agents: each a person with their own value, photo, name and message (spec §3.2 agent_data). */
import type { AgentData, ChannelKey } from "@cartwright/commerce/contact-widget";
import { FieldList, type FieldSpec } from "../components/fields.tsx";
import { agentLabels, editorMessages as t } from "../messages.ts";

export function newAgent(): AgentData {
  return {
    value: "",
    agent_image: "",
    agent_title: "",
    svg_icon: "",
    agent_bg_color: "#1d4ed8",
    pre_set_message: "",
    use_whatsapp_web: false,
    link_type: "personal",
  };
}

function agentSpecs(type: ChannelKey): FieldSpec<AgentData>[] {
  const specs: FieldSpec<AgentData>[] = [
    "agent_title",
    "value",
    { key: "agent_image", type: "url" },
    "agent_bg_color",
    { key: "pre_set_message", multiline: true },
    { key: "svg_icon", multiline: true },
  ];
  if (type === "WhatsApp") specs.push("use_whatsapp_web");
  if (type === "LinkedIn") specs.push({ key: "link_type", options: ["personal", "company"] });
  return specs;
}

interface AgentsEditorProps {
  type: ChannelKey;
  agents: AgentData[];
  path: string;
  onChange(agents: AgentData[]): void;
}

export function AgentsEditor({ type, agents, path, onChange }: AgentsEditorProps) {
  const specs = agentSpecs(type);
  return (
    <div className="admin-sublist">
      <ol className="admin-sublist__items">
        {agents.map((agent, index) => {
          const name = agent.agent_title || t.agentN(index + 1);
          return (
            <li key={index} className="admin-sublist__item">
              <fieldset className="admin-fieldset">
                <legend>{t.agentN(index + 1)}</legend>
                <FieldList
                  value={agent}
                  path={`${path}.${index}`}
                  labels={agentLabels}
                  specs={specs}
                  onChange={(patch) => onChange(agents.map((item, at) => (at === index ? { ...item, ...patch } : item)))}
                />
                <button
                  type="button"
                  className="admin-link-button admin-link-button--danger"
                  onClick={() => onChange(agents.filter((_, at) => at !== index))}
                >
                  {t.removeAgent(name)}
                </button>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button type="button" className="button button--secondary admin-button--small" onClick={() => onChange([...agents, newAgent()])}>
        {t.addAgent}
      </button>
    </div>
  );
}
