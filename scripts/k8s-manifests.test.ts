import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkManifests, readManifests, type Manifest } from "./k8s-manifests";

const folder = path.resolve(import.meta.dirname, "../deploy/k8s");
const { manifests, problems: yamlProblems } = readManifests(folder);

function find(kind: string, name: string): Manifest {
  const found = manifests.find((manifest) => manifest.object.kind === kind && (manifest.object.metadata as { name?: string })?.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in deploy/k8s`);
  return found;
}

/** A deep copy of a manifest with `change` applied to its object. */
function changed(manifest: Manifest, change: (object: any) => void): Manifest {
  const object = structuredClone(manifest.object);
  change(object);
  return { ...manifest, object };
}

const container = (object: any) => object.spec.template.spec.containers[0];
const env = (object: any) => Object.fromEntries((container(object).env ?? []).map((entry: any) => [entry.name, entry.value]));

describe("deploy/k8s against the Kubernetes schemas", () => {
  it("every manifest parses and is valid, with no unknown field", async () => {
    expect(yamlProblems).toEqual([]);
    expect(manifests.map((manifest) => `${manifest.object.kind}/${(manifest.object.metadata as { name: string }).name}`).sort()).toEqual([
      "ConfigMap/scriptorium-config",
      "Deployment/scriptorium-web",
      "Deployment/scriptorium-worker",
      "HorizontalPodAutoscaler/scriptorium-web",
      "Job/scriptorium-migrate",
      "PodDisruptionBudget/scriptorium-web",
      "PodDisruptionBudget/scriptorium-worker",
      "Service/scriptorium-web",
    ]);
    expect(await checkManifests(manifests)).toEqual([]);
  });

  it("web and worker run their roles with probes on /healthz and /readyz and resource requests; the Job migrates", () => {
    for (const [name, role] of [["scriptorium-web", "web"], ["scriptorium-worker", "worker"]] as const) {
      const object: any = find("Deployment", name).object;
      expect(env(object).ROLE).toBe(role);
      expect(container(object).livenessProbe.httpGet.path).toBe("/healthz");
      expect(container(object).readinessProbe.httpGet.path).toBe("/readyz");
      expect(container(object).resources.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
    }
    const job: any = find("Job", "scriptorium-migrate").object;
    expect(container(job).command).toEqual(["node", "build/app-server/main.js", "migrate"]);
    const autoscaler: any = find("HorizontalPodAutoscaler", "scriptorium-web").object;
    expect(autoscaler.spec.scaleTargetRef.name).toBe("scriptorium-web");
    expect(autoscaler.spec.metrics[0].resource.name).toBe("cpu");
  });

  it("refuses a misspelt field, a wrong type, a missing required field and an unknown kind", async () => {
    const web = find("Deployment", "scriptorium-web");
    const misspelt = changed(web, (object) => {
      container(object).livenessProb = container(object).livenessProbe;
      delete container(object).livenessProbe;
    });
    const wrongType = changed(find("Job", "scriptorium-migrate"), (object) => (object.spec.backoffLimit = "two"));
    const missing = changed(web, (object) => delete object.spec.template.spec.containers[0].name);
    const unknownKind = changed(web, (object) => (object.kind = "Deploymnet"));
    const problems = await checkManifests([misspelt, wrongType, missing, unknownKind]);
    const messages = problems.map((problem) => problem.message).join("\n");
    expect(messages).toMatch(/'"livenessProb"' does not exist in type 'IContainer'/);
    expect(messages).toMatch(/backoffLimit must be integer/);
    expect(messages).toMatch(/containers\/0 must have required property name/);
    expect(messages).toMatch(/unknown apiVersion\/kind apps\/v1 Deploymnet/);
  });
});
